import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { BRAND_COLORS } from '../../shared/theme/palette';
import {
  SIDEBAR_BACKGROUNDS,
  SIDEBAR_COLORS,
  SIDEBAR_IMAGES,
  SIDEBAR_SURFACE,
  type AppearanceSettings,
} from './appearance-settings';

// The template vendor's pages (Creative Tim, maker of Material Dashboard PRO React).
const BUY_NOW_URL = 'https://www.creative-tim.com/product/material-dashboard-pro-react';
const DOCUMENTATION_URL = 'https://www.creative-tim.com/learning-lab/react/overview/material-dashboard';

type Props = {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  settings: AppearanceSettings;
  onChange: (change: Partial<AppearanceSettings>) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id} sx={{ py: 1.25 }}>
      <Typography
        id={id}
        variant="overline"
        component="h3"
        sx={{ display: 'block', textAlign: 'center', color: 'text.secondary', lineHeight: 2 }}
      >
        {title}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 1 }}>{children}</Box>
    </Box>
  );
}

function Swatch({
  label,
  color,
  selected,
  onSelect,
}: {
  label: string;
  color: string;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Tooltip title={label}>
      <ButtonBase
        aria-label={label}
        aria-pressed={selected}
        onClick={onSelect}
        sx={{
          width: 26,
          height: 26,
          borderRadius: '50%',
          bgcolor: color,
          border: '2px solid',
          borderColor: selected ? '#00bcd4' : 'rgba(0,0,0,.18)',
          color: color === '#ffffff' ? '#333' : '#fff',
        }}
      >
        {selected ? <Check sx={{ fontSize: 16 }} /> : null}
      </ButtonBase>
    </Tooltip>
  );
}

// The appearance panel's content (loaded when the panel is first opened, see appearance-panel.tsx).
export function AppearancePopover({ id: panelId, anchor, onClose, settings, onChange }: Props) {
  return (
    <Popover
      id={panelId}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Appearance settings',
          sx: { width: 290, px: 2, py: 1, maxHeight: 'calc(100vh - 32px)' },
        },
      }}
    >
      <Section title="Sidebar filters">
        {SIDEBAR_COLORS.map((color) => (
          <Swatch
            key={color}
            label={`Sidebar colour ${color}`}
            color={BRAND_COLORS[color].main}
            selected={settings.color === color}
            onSelect={() => onChange({ color })}
          />
        ))}
      </Section>
      <Divider />
      <Section title="Sidebar background">
        {SIDEBAR_BACKGROUNDS.map((background) => (
          <Swatch
            key={background}
            label={`Sidebar background ${background}`}
            color={SIDEBAR_SURFACE[background].bg}
            selected={settings.background === background}
            onSelect={() => onChange({ background })}
          />
        ))}
      </Section>
      <Divider />
      <Box sx={{ display: 'flex', flexDirection: 'column', py: 1 }}>
        <FormControlLabel
          control={<Switch checked={settings.mini} onChange={(event) => onChange({ mini: event.target.checked })} />}
          label="Sidebar mini"
          labelPlacement="start"
          sx={{ justifyContent: 'space-between', ml: 0 }}
        />
        <FormControlLabel
          control={
            <Switch checked={settings.showImage} onChange={(event) => onChange({ showImage: event.target.checked })} />
          }
          label="Sidebar image"
          labelPlacement="start"
          sx={{ justifyContent: 'space-between', ml: 0 }}
        />
      </Box>
      <Divider />
      <Section title="Images">
        {SIDEBAR_IMAGES.map((image, index) => (
          <ButtonBase
            key={image.label}
            aria-label={`Sidebar image: ${image.label}`}
            aria-pressed={settings.image === index}
            onClick={() => onChange({ image: index, showImage: true })}
            sx={{
              width: 54,
              height: 90,
              borderRadius: 1,
              overflow: 'hidden',
              border: '3px solid',
              borderColor: settings.image === index ? '#00bcd4' : 'transparent',
              opacity: settings.showImage ? 1 : 0.5,
            }}
          >
            <Box component="img" src={image.src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </ButtonBase>
        ))}
      </Section>
      <Divider />
      <Box sx={{ display: 'grid', gap: 1, py: 1.5 }}>
        <Button variant="contained" color="secondary" href={BUY_NOW_URL} target="_blank" rel="noopener noreferrer">
          Buy now
        </Button>
        <Button variant="contained" color="info" href={DOCUMENTATION_URL} target="_blank" rel="noopener noreferrer">
          Documentation
        </Button>
      </Box>
    </Popover>
  );
}
