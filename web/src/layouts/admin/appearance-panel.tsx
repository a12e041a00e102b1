import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { Hint } from '../../shared/ui/hint';
import type { AppearanceSettings } from './appearance-settings';

// The panel itself (swatches, switches, images) loads when it is first opened.
const AppearancePopover = lazy(async () => ({ default: (await import('./appearance-popover')).AppearancePopover }));

type Props = {
  settings: AppearanceSettings;
  onChange: (change: Partial<AppearanceSettings>) => void;
  // 'floating': the template's tab on the right edge (desktop); 'inline': a plain button where it is
  // placed (phones, where a floating tab would cover the rows' action icons)
  placement?: 'floating' | 'inline';
};

// The template's floating "fixed plugin": sidebar colours, background, mini and image toggles.
export function AppearancePanel({ settings, onChange, placement = 'floating' }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted from the first opening on, so it keeps its closing transition afterwards
  const [panelWanted, setPanelWanted] = useState(false);
  const panelId = useId();
  const floating = placement === 'floating';
  return (
    <>
      <Box sx={floating ? { position: 'fixed', top: 120, right: 0, zIndex: 1100 } : { display: 'inline-flex' }}>
        <Hint title="Appearance" placement="left">
          <IconButton
            aria-label="Appearance settings"
            aria-haspopup="dialog"
            aria-expanded={anchor ? 'true' : undefined}
            aria-controls={anchor ? panelId : undefined}
            onClick={(event) => {
              setPanelWanted(true);
              setAnchor(event.currentTarget);
            }}
            sx={
              floating
                ? {
                    bgcolor: 'rgba(0,0,0,.6)',
                    color: '#fff',
                    borderRadius: '8px 0 0 8px',
                    px: 1.5,
                    '&:hover': { bgcolor: 'rgba(0,0,0,.75)' },
                  }
                : { color: 'text.secondary' }
            }
          >
            <SettingsIcon />
          </IconButton>
        </Hint>
      </Box>
      {panelWanted ? (
        <Suspense fallback={null}>
          <AppearancePopover
            id={panelId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            settings={settings}
            onChange={onChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
