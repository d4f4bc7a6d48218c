// The validator ships JavaScript only; the part the tests use.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: { jsonld?: Record<string, unknown[]> }): Promise<{ issueMessage: string; severity: 'ERROR' | 'WARNING'; errorType?: string; rootType?: string; path?: unknown }[]>;
  }
}
