import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from db/schema.ts. The same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
