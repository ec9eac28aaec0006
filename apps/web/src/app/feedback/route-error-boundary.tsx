import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

interface RouteErrorBoundaryProps {
  /** The boundary resets when this changes, so leaving a broken page clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: Error | null;
  resetKey: string;
}

/** Keeps one broken page from taking the whole app down; offers a retry. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert severity="error" role="alert" sx={{ maxWidth: 640 }}>
        <AlertTitle>This page could not be shown</AlertTitle>
        Something went wrong while showing this page. Try again; if it keeps happening, reload the
        page or contact the store.
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" color="inherit" onClick={this.retry}>
            Try again
          </Button>
          <Button color="inherit" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </Stack>
      </Alert>
    );
  }
}
