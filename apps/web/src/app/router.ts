import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes/route-table.tsx';

/** History-mode router over the one route table (docs/behaviour/routes-and-guard.md). */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
