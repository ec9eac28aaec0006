import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes/route-table.tsx';

/** History-mode router over the one route table (spec §2). */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
