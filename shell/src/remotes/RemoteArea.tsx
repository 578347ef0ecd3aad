import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { Button, Card, CenteredMessage, Spinner, settled } from '@portal/shared-ui';
import { noteBoundaryError, noteShown } from './health-reporter';
import { loadedRemoteApp, loadRemoteApp } from './loader';
import type { RemoteInfo } from './registrySlice';

interface BoundaryProps {
  remote: string;
  release: RemoteInfo;
  onRetry: () => void;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/** Catches load and render errors of one remote area; the rest of the page keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[portal] ${this.props.remote} area failed`, error, info.componentStack);
    noteBoundaryError(this.props.release);
  }
  override render() {
    if (this.state.error) return <RemoteFallback remote={this.props.remote} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

const FallbackCard = styled(Card)`
  max-width: 560px; margin: 48px auto; padding: 32px; text-align: center;
  h2 { margin: 0 0 8px; font-size: 20px; }
  p { margin: 0 0 20px; color: ${(p) => p.theme.colors.mutedForeground}; }
`;

export function RemoteFallback({ remote, onRetry }: { remote: string; onRetry: () => void }) {
  return (
    <FallbackCard role="alert" data-testid="remote-fallback" data-remote={remote}>
      <h2>This section is temporarily unavailable</h2>
      <p>We could not load this part of the portal. The rest of the site still works. Please try again.</p>
      <Button type="button" onClick={onRetry}>
        Retry
      </Button>
    </FallbackCard>
  );
}

export const AreaLoading = () => (
  <CenteredMessage role="status">
    <Spinner /> Loading...
  </CenteredMessage>
);

/** performance mark when a remote's App first commits (read by bench/bundle-size.mjs). */
function MountMark({ name }: { name: string }) {
  useEffect(() => {
    const mark = `remote:${name}:mounted`;
    if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
  }, [name]);
  return null;
}

/**
 * Renders a remote's App. The module is awaited outside Suspense (a spinner of our own), and
 * React.lazy then gets an already settled thenable: no suspension, so React's 300 ms throttle of
 * Suspense reveals does not delay the area. A load failure shows the fallback; a render error is
 * caught by the boundary. React.lazy caches a failure, so Retry builds a new lazy component
 * (attempt counter) and remounts the boundary with a new key.
 */
export function RemoteArea({ info }: { info: RemoteInfo }) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<'pending' | 'ready' | 'failed'>(() =>
    loadedRemoteApp(info) ? 'ready' : 'pending',
  );
  useEffect(() => {
    if (loadedRemoteApp(info)) return setStatus('ready');
    let live = true;
    setStatus('pending');
    // the remote's first render as a transition: React renders it in slices, not one long task
    loadRemoteApp(info).then(
      () => live && startTransition(() => setStatus('ready')),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [info.name, info.entryUrl, attempt]);
  const Lazy = useMemo<ComponentType>(
    () =>
      lazy(() => {
        const mod = loadedRemoteApp(info);
        return mod ? settled(mod) : loadRemoteApp(info);
      }),
    [info.name, info.entryUrl, attempt],
  );
  // a session of this release in the health reports (health-reporter.ts: sent when the page is idle)
  useEffect(() => {
    if (status === 'ready') noteShown(info);
  }, [status, info.name, info.version]);
  const retry = () => setAttempt((a) => a + 1);
  if (status === 'pending') return <AreaLoading />;
  if (status === 'failed') return <RemoteFallback remote={info.name} onRetry={retry} />;
  return (
    <RemoteErrorBoundary
      key={`${info.name}:${info.version}:${attempt}`}
      remote={info.name}
      release={info}
      onRetry={retry}
    >
      <Suspense fallback={<AreaLoading />}>
        <div data-remote-area={info.name} data-remote-version={info.version} style={{ display: 'contents' }}>
          <Lazy />
        </div>
        <MountMark name={info.name} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
