import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useDrawnAfterMount } from './use-drawn-after-mount';

describe('useDrawnAfterMount', () => {
  it('leaves the part out of the commit that mounts the screen and draws it in the next one', async () => {
    const commits: string[] = [];
    function Screen() {
      const drawn = useDrawnAfterMount();
      const shown = drawn ? 'above and below' : 'above';
      useLayoutEffect(() => void commits.push(shown));
      return <p>{shown}</p>;
    }

    render(<Screen />);

    expect(await screen.findByText('above and below')).toBeInTheDocument();
    expect(commits).toEqual(['above', 'above and below']);
  });
});
