import './zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App';
import { queryClient } from './api/query-client';
import { consumeKeyFromUrl, listenForSignInLinks } from './session';
import { applyTheme, useTheme } from './ui/theme';
import './ui/styles.css';

consumeKeyFromUrl();
listenForSignInLinks();
applyTheme(useTheme.getState().theme);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );

// The first route's code loads before the first render (no skeleton flash); a failed chunk just renders lazily.
void preloadRoute(window.location.pathname).finally(render);
