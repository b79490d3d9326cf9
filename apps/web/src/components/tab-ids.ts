export const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const tabPanelId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

/** Props for the panel of the selected tab, so it is announced with the tab's name. */
export const tabPanelProps = (idBase: string, id: string) => ({
  role: 'tabpanel' as const,
  id: tabPanelId(idBase, id),
  'aria-labelledby': tabId(idBase, id),
  tabIndex: 0,
});
