import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouterProvider } from './app/app-router-provider.tsx';
import { AppProviders } from './app/app-providers.tsx';
import { createAppServices } from './app/app-services.ts';
import { createAppRouter } from './app/router.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const services = createAppServices();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders services={services}>
      <AppRouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
