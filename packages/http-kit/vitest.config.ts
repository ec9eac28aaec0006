import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@csp/http-kit', environment: 'node' } });
