import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its package at run time; argon2 and sharp are native.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pg'],
  poweredByHeader: false,
  images: { unoptimized: false },
};

export default nextConfig;
