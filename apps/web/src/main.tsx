import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/query-client';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { bindSessionToQueryClient } from './lib/session';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createQueryClient();
// Bound before the router starts, so even the start-up refresh can drop a stale profile.
bindSessionToQueryClient(queryClient);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
