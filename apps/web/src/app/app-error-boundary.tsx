import { Component, useEffect, type ReactNode } from 'react';
import { errorMessages } from '../lib/api-error';
import { logError } from '../lib/error-log';

/**
 * Last resort for an error while loading or rendering a page: the shell
 * itself may be what failed, so this shows the catalogue's message on its own.
 */
export function AppErrorMessage({ error }: { error: unknown }) {
  useEffect(() => {
    void logError(`${errorMessages.loadUnrecognized}: ${String(error)}`);
  }, [error]);
  return (
    <main className="container">
      <p className="alert alert--danger" role="alert">
        {errorMessages.unavailable}
      </p>
    </main>
  );
}

type BoundaryProps = {
  /** A new value (the next page's view) clears a caught error. */
  resetKey: unknown;
  children: ReactNode;
};
type BoundaryState = { error: unknown; caught: boolean; resetKey: unknown };

/** Catches what a page throws while rendering, until the next page. */
export class AppErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    error: undefined,
    caught: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, caught: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.caught ? <AppErrorMessage error={this.state.error} /> : this.props.children;
  }
}
