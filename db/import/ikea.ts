/** Placeholder until the importer lands (issue 2): imports nothing. */
export async function importCatalogue(): Promise<Record<string, number>> {
  return {};
}
