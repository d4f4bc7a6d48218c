/** The alt text of the fallback picture (spec §8 Fallbacks). */
export const NO_IMAGE_ALT = 'No image available';
/** The name shown for a product without one (spec §8 Fallbacks). */
export const UNNAMED_PRODUCT = 'Unnamed Product';
