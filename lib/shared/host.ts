/**
 * Where the shop runs, and what it refuses to run with there (docs/operations.md).
 *
 * A serverless host (Vercel, or AWS Lambda under OpenNext) starts many short-lived instances,
 * each with a throw-away disk and no long-lived HTTP server of the shop's own. There:
 * - the embedded database (PGlite under .data/) would be a different, empty database per
 *   instance, gone when the instance is: DATABASE_URL is required;
 * - local-disk uploads would vanish the same way: UPLOADTHING_TOKEN is required;
 * - the client address for the login limit cannot come from the connection (the platform's
 *   proxy is the peer): TRUST_PROXY must say how many proxies write X-Forwarded-For
 *   (1 on Vercel, whose edge overwrites the header with the client's address);
 * - sessions must verify on every instance: AUTH_SECRET is required (the embedded database's
 *   generated secret lives on one instance's disk).
 * The rule is checked once at start-up (instrumentation.ts), so a misconfigured deployment
 * fails on its first request with a message naming every missing switch, instead of serving an
 * empty shop.
 *
 * In lib/shared, the leaves that import nothing of the project: db/client.ts sizes its pool by the
 * host, and db/ may import nothing else of lib/.
 */

type Environment = Record<string, string | undefined>;

/** The serverless platform this process runs on, from the variables the platform itself sets; null on an ordinary server. */
export function serverlessHost(environment: Environment = process.env): 'vercel' | 'aws-lambda' | null {
  if (environment.VERCEL === '1') return 'vercel';
  if (environment.AWS_LAMBDA_FUNCTION_NAME) return 'aws-lambda';
  return null;
}

const isSet = (value: string | undefined) => Boolean(value?.trim());

/**
 * The settings a serverless host refuses, one sentence each; empty on an ordinary server or when
 * everything needed is set.
 * @param environment the process environment (tests pass their own)
 */
export function hostConfigurationProblems(environment: Environment = process.env): string[] {
  const host = serverlessHost(environment);
  if (!host) return [];
  const problems: string[] = [];
  if (!isSet(environment.DATABASE_URL)) {
    problems.push('DATABASE_URL is required: the embedded database keeps its data on the instance’s own disk, which is neither shared between instances nor kept. Use a pooled PostgreSQL URL (docs/operations.md).');
  }
  if (!isSet(environment.UPLOADTHING_TOKEN)) {
    problems.push('UPLOADTHING_TOKEN is required: product images uploaded to the local disk would be lost with the instance.');
  }
  if (!isSet(environment.AUTH_SECRET)) {
    problems.push('AUTH_SECRET is required (at least 32 characters): every instance must verify the same sessions.');
  }
  const trust = environment.TRUST_PROXY?.trim();
  if (!trust || /^(false|0)$/i.test(trust)) {
    problems.push('TRUST_PROXY must be set (1 on Vercel): the client address for the login limit comes from the platform’s X-Forwarded-For header.');
  }
  return problems;
}

/**
 * Stops start-up on a serverless host that lacks what it needs.
 * @throws Error listing every problem of hostConfigurationProblems()
 */
export function assertHostConfiguration(environment: Environment = process.env): void {
  const problems = hostConfigurationProblems(environment);
  if (problems.length === 0) return;
  throw new Error(`The shop cannot start on this serverless host (${serverlessHost(environment)}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}
