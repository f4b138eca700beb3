import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they threw; `retry` renders them again. */
  fallback(retry: () => void): ReactNode;
  /** Called once per error, before the fallback shows (the editor keeps its draft here). */
  onError?(error: unknown): void;
  children: ReactNode;
}

/** Catches a render error below it, so one failing part of the page never leaves the user a blank page. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error);
    // The details stay in the developer console; the user sees the fallback's words.
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
