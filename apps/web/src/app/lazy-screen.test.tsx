import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

// The screen opened at start-up is fetched before the first render (main.tsx, preloadScreen).
function Till() {
  return <h1>Point of Sale</h1>;
}

describe('a lazy screen', () => {
  it('fetched ahead, is drawn in the first render with no spinner', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ Till }), 'Till');
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Point of Sale' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('not fetched ahead, shows the spinner until its code arrives', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ Till }), 'Till');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Point of Sale' })).toBeInTheDocument();
  });
});
