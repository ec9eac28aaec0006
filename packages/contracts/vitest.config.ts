import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: '@csp/contracts', environment: 'node' } });
