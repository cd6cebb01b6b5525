import { Component, type ErrorInfo, type ReactNode } from 'react';

import { CrashScreen } from './CrashScreen';
import { reportCrash } from './reportCrash';

interface Props {
  children: ReactNode;
  /** Called by "Try Again" before rendering the children again (e.g. to refetch failed queries). */
  onReset?: () => void;
}

interface State {
  error: Error | null;
}

/** Catches render errors anywhere below it and shows the crash screen (spec §2). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  private tryAgain = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    void reportCrash(error, info.componentStack ?? undefined);
  }

  render() {
    if (this.state.error) return <CrashScreen onTryAgain={this.tryAgain} />;
    return this.props.children;
  }
}
