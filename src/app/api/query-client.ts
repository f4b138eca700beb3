import { QueryClient } from '@tanstack/react-query';
import { ApiProblem } from './http';
import { ToolError } from './mcp';

/** Retries only what a retry can fix (network errors, 5xx, 429); never bad input. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      retry: (count, err) =>
        count < 2 &&
        !(err instanceof ToolError) &&
        (!(err instanceof ApiProblem) || err.status === 0 || err.status >= 500 || err.status === 429),
    },
    mutations: { retry: false },
  },
});
