/** The storefront's catalogue messages, worded as spec §8 gives them. */
export const CATALOGUE_MESSAGES = {
  productFailed: 'Failed to load product information.',
  latestFailed: 'Failed to fetch latest products. Please try again later.',
  promotionsFailed: 'Failed to load promotions. Please try again later.',
  promotionsEmpty: 'No promotional offers available.',
  promotionsLoading: 'Loading promotional offers...',
  genericError: 'Something went wrong',
} as const;
