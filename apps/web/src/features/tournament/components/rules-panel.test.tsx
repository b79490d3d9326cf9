import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAP_POOL, RULES_LANGUAGES } from '@devplay/shared';
import { renderWithApp } from '../../../test/render';
import { RulesPanel } from './rules-panel';

describe('RulesPanel', () => {
  it('shows the rules in English by default, with the map pool', async () => {
    renderWithApp(<RulesPanel />);

    expect(
      await screen.findByRole('heading', { name: 'Rules of the 1v1 CS tournament' }),
    ).toBeInTheDocument();
    for (const map of MAP_POOL) expect(screen.getByText(map)).toBeInTheDocument();
    for (const heading of ['Format', 'Match flow', 'Map choice', 'Conduct', 'Disputes']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
  });

  it('switches language and remembers the choice for the next visit', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<RulesPanel />);
    await user.click(screen.getByRole('button', { name: /Čeština/ }));

    expect(
      await screen.findByRole('heading', { name: 'Pravidla turnaje v CS 1 na 1' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'cs');
    expect(screen.getByRole('button', { name: /Čeština/ })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();

    renderWithApp(<RulesPanel />);
    expect(
      await screen.findByRole('heading', { name: 'Pravidla turnaje v CS 1 na 1' }),
    ).toBeInTheDocument();
  });

  it.each(RULES_LANGUAGES)('has five sections of rules in %s', async (language) => {
    const { loadRules } = await import('../rules/languages');
    const rules = await loadRules(language);
    expect(rules.sections).toHaveLength(5);
    for (const section of rules.sections) expect(section.points.length).toBeGreaterThanOrEqual(4);
  });
});
