/**
 * The serverless deploy path: what the shop refuses to start with on a serverless
 * host (lib/shared/host.ts), and vercel.json agreeing with the code it stands in for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { assertHostConfiguration, hostConfigurationProblems, serverlessHost } from '@/lib/shared/host';

const complete = {
  DATABASE_URL: 'postgres://shop:secret@pooler.example.com:6543/shop',
  UPLOADTHING_TOKEN: 'token',
  AUTH_SECRET: 'x'.repeat(32),
  TRUST_PROXY: '1',
};

describe('a serverless host refuses what would lose data or trust the wrong address', () => {
  test('an ordinary server keeps its embedded defaults', () => {
    expect(serverlessHost({})).toBeNull();
    expect(hostConfigurationProblems({})).toEqual([]);
    expect(() => assertHostConfiguration({})).not.toThrow();
  });

  test('Vercel with nothing set names every missing switch', () => {
    const problems = hostConfigurationProblems({ VERCEL: '1' });
    expect(problems).toHaveLength(4);
    for (const name of ['DATABASE_URL', 'UPLOADTHING_TOKEN', 'AUTH_SECRET', 'TRUST_PROXY']) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
    expect(() => assertHostConfiguration({ VERCEL: '1' })).toThrow(/cannot start on this serverless host \(vercel\)[\s\S]*embedded database/);
  });

  test('AWS Lambda (OpenNext) is a serverless host too', () => {
    expect(serverlessHost({ AWS_LAMBDA_FUNCTION_NAME: 'shop-server' })).toBe('aws-lambda');
    expect(hostConfigurationProblems({ AWS_LAMBDA_FUNCTION_NAME: 'shop-server', ...complete, DATABASE_URL: ' ' })).toEqual([expect.stringMatching(/^DATABASE_URL/)]);
  });

  test('TRUST_PROXY switched off is refused; everything set starts', () => {
    expect(hostConfigurationProblems({ VERCEL: '1', ...complete, TRUST_PROXY: 'false' })).toEqual([expect.stringMatching(/^TRUST_PROXY/)]);
    expect(hostConfigurationProblems({ VERCEL: '1', ...complete })).toEqual([]);
  });
});

describe('vercel.json', () => {
  const config = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'vercel.json'), 'utf8')) as {
    crons: { path: string; schedule: string }[];
    functions: Record<string, unknown>;
  };

  afterEach(() => vi.unstubAllEnvs());

  test('each cron calls a route that exists and is a GET', () => {
    expect(config.crons.map((c) => c.path)).toContain('/api/cron/expire-orders');
    for (const cron of config.crons) {
      const file = path.join(process.cwd(), 'app', cron.path, 'route.ts');
      expect(fs.readFileSync(file, 'utf8')).toMatch(/export (async function|const) GET/);
    }
  });
});
