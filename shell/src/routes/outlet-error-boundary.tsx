import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportPageProblem } from '../federation/client-report';
import { RetryPanel } from './retry-panel';

interface Props {
  children: ReactNode;
  /** Federation id of the page inside, for the crash report. */
  module?: string;
}

interface State {
  failed: boolean;
  attempt: number;
}

/** Catches a render error around an outlet so one broken page never takes the shell down; Retry remounts it. */
export class OutletErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[parley] page crashed', error, info.componentStack);
    if (this.props.module) reportPageProblem('crash', this.props.module, error);
  }

  override render() {
    if (this.state.failed) {
      return <RetryPanel onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))} />;
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
