/**
 * The route table as the tests walk it: every app/api/**\/route.ts, and each file's handlers by
 * `METHOD /api/path` (the contract's path, lib/api/routes.ts pathOfRouteFile). The route-walking
 * tests (contract, fuzz, cache headers, permission matrix, audit coverage) load the handlers once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathOfRouteFile } from '@/lib/api/routes';

export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A route handler as Next.js calls it. */
export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every route file under `dir`, relative to the project root (`app/api/products/[id]/route.ts`). */
export function routeFiles(dir = 'app/api'): string[] {
  return fs.readdirSync(path.join(process.cwd(), dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return routeFiles(rel);
    return e.name === 'route.ts' ? [rel] : [];
  });
}

/** Imports every route file: `GET /api/products/{id}` → its handler. */
export async function loadRouteHandlers(): Promise<Map<string, RouteHandler>> {
  const handlers = new Map<string, RouteHandler>();
  for (const file of routeFiles()) {
    const mod = (await import(path.join(process.cwd(), file))) as Record<string, unknown>;
    for (const m of ROUTE_METHODS) if (typeof mod[m] === 'function') handlers.set(`${m} ${pathOfRouteFile(file)}`, mod[m] as RouteHandler);
  }
  return handlers;
}
