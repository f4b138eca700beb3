import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from './api/query-client';
import { consumeKeyFromUrl } from './session';
import { applyTheme, useTheme } from './ui/theme';
import './ui/styles.css';

consumeKeyFromUrl();
applyTheme(useTheme.getState().theme);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
