// The settings panel names every choice for people; the stored values stay the settings' own names.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../src/app/store';
import ConfigPanel from '../../../src/layout/config-panel/ConfigPanel';
import * as labels from '../../../src/layout/config-panel/settingLabels';
import * as settings from '@common/layout/layoutSettings';

const pairs: [readonly string[], Record<string, string>][] = [
  [settings.layouts, labels.layoutLabels],
  [settings.subLayouts, labels.subLayoutLabels],
  [settings.layoutTypes, labels.layoutTypeLabels],
  [settings.navBackColors, labels.navBackColorLabels],
  [settings.navBrandColors, labels.navBrandColorLabels],
  [settings.headerBackColors, labels.headerBackColorLabels],
  [['', ...settings.navBackImages], labels.navBackImageLabels],
  [settings.navActiveListColors, labels.navActiveListColorLabels],
  [settings.navListTitleColors, labels.navListTitleColorLabels],
  [settings.navListIcons, labels.navListIconLabels],
  [settings.navDropdownIcons, labels.navDropdownIconLabels],
  [settings.layout6Backgrounds, labels.layout6BackgroundLabels],
  [settings.layout6BackSizes, labels.layout6BackSizeLabels],
];

it('gives every stored value a label of its own that is not the internal name', () => {
  for (const [values, named] of pairs) {
    expect(Object.keys(named).sort()).toEqual([...values].sort());
    const shown = values.map((value) => named[value]!);
    expect(new Set(shown).size).toBe(values.length);
    for (const value of values) {
      expect(named[value]).toMatch(/^[A-Z]/);
      expect(named[value]).not.toMatch(/navbar-|brand-|header-|style\d|active-|title-|gradient\(/);
    }
  }
});

// jsdom has no matchMedia; the panel (an Offcanvas) asks it for the breakpoint.
beforeAll(() => {
  window.matchMedia = ((media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

it('shows people the labels and stores the spec values', async () => {
  const store = makeStore();
  render(
    <Provider store={store}>
      <ConfigPanel />
    </Provider>,
  );
  const menuColour = screen.getByLabelText('Menu colour');
  expect(within(menuColour).getByRole('option', { name: 'Teal' })).toHaveValue('navbar-lightblue');
  expect(within(menuColour).queryByRole('option', { name: 'navbar-lightblue' })).toBeNull();
  const listIcon = screen.getByLabelText('List icon');
  expect(within(listIcon).getByRole('option', { selected: true })).toHaveTextContent('No marker');

  await userEvent.selectOptions(menuColour, 'Teal');
  expect(store.getState().layout.navBackColor).toBe('navbar-lightblue');
});
