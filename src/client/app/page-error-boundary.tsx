import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageContainer } from './page-header';

/**
 * A page's code that could not be downloaded: the browser's words for a failed dynamic import (Chromium,
 * Firefox, Safari), as after a release replaced the chunk an open tab still asks for, or on a lost network.
 */
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

const isPageLoadFailure = (error: unknown) => error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);

interface Props {
  /** The page's address: a new one clears the error, so the menu still leads out of a broken page. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Around the page, inside the frame: an error in a page (its code not arriving, or a fault in rendering)
 * shows what happened and a way on, with the navigation still there, instead of React unmounting the
 * whole app and leaving a blank screen.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const notLoaded = isPageLoadFailure(this.state.error);
    return (
      <PageContainer className="flex justify-center">
        <Card role="alert" className="flex w-full max-w-md flex-col items-center gap-4 p-10 text-center">
          <AlertTriangle aria-hidden className="size-12 text-coral" />
          <h1 className="text-2xl font-bold text-navy-800">{notLoaded ? 'This page could not be loaded' : 'Something went wrong'}</h1>
          <p className="text-slate-600">
            {notLoaded
              ? 'Check your connection and try again. If K&B Marine was just updated, reloading brings the new version.'
              : 'This page ran into a problem and could not be shown. Reloading usually fixes it; nothing you saved is lost.'}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
            <Button asChild variant="outline">
              <a href="/">Back to home</a>
            </Button>
          </div>
        </Card>
      </PageContainer>
    );
  }
}
