// Layout settings that belong to the whole document (direction, box layout, background)
// are written to <html>/<body> here, in an effect, never during render.
import { useEffect } from 'react';
import type { LayoutSettings } from '@common/layout/layoutSettings';

export function useLayoutDom(settings: LayoutSettings, compact: boolean): void {
  const { rtlLayout, boxLayout, layout, layout6Background, layout6BackSize } = settings;
  useEffect(() => {
    const root = document.documentElement;
    root.dir = rtlLayout ? 'rtl' : 'ltr';
    const body = document.body;
    body.classList.toggle('dw-box-layout', boxLayout);
    body.classList.toggle('dw-compact', compact);
    body.classList.toggle('dw-layout-6', layout === 'layout-6');
    body.style.backgroundImage = layout === 'layout-6' ? layout6Background : '';
    body.style.backgroundSize = layout === 'layout-6' ? layout6BackSize : '';
    return () => {
      root.dir = 'ltr';
      body.classList.remove('dw-box-layout', 'dw-compact', 'dw-layout-6');
      body.style.backgroundImage = '';
      body.style.backgroundSize = '';
    };
  }, [rtlLayout, boxLayout, compact, layout, layout6Background, layout6BackSize]);
}
