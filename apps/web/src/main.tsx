// First: starts the session refresh before the rest of the entry is evaluated.
import { queryClient } from './app/start-session';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './styles/tokens.css';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);

// Evaluating the entry and its libraries is already one long task on a slow phone; creating the
// router (which starts the matched page's chunk beside the refresh) gets a task of its own, and
// the render is a transition: slices that yield to the browser instead of one long task.
setTimeout(() => {
  const router = createAppRouter(queryClient);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}, 0);
