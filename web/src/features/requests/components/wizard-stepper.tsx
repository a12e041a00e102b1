import ButtonBase from '@mui/material/ButtonBase';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useRef, type KeyboardEvent } from 'react';

type Props = {
  steps: { name: string; label: string }[];
  active: number;
  // the labels under the icons (wide screens) or beside them
  alternativeLabel: boolean;
  disabled: boolean;
  onSelect: (index: number) => void;
  sx?: SxProps<Theme>;
};

// The wizard's steps as MUI's non-linear Stepper draws them (Stepper, Step, StepButton, StepLabel,
// StepIcon, StepConnector: the same styles and the same tablist of step tabs, with the arrow keys,
// Home and End moving between them), without the ~4 kB of gzip JS those parts and their roving
// tab index cost the wizard's first screen. The active step carries aria-current="step".
const List = styled('ol')({
  display: 'flex',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flexDirection: 'row',
  alignItems: 'center',
  gap: 8,
  '&[data-alternative="true"]': { alignItems: 'flex-start', gap: 0 },
});

const Item = styled('li')({
  // horizontal: the first step alone, each later one its connector then its button
  '&:first-of-type': { paddingLeft: 8 },
  '&:not(:first-of-type)': {
    flex: '1 1 auto',
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    alignItems: 'center',
    gap: 8,
  },
  '&:last-of-type': { paddingRight: 8 },
  '[data-alternative="true"] > &&': { flex: 1, position: 'relative', display: 'block', padding: 0 },
});

const Connector = styled('div')(({ theme }) => ({
  flex: '1 1 auto',
  '[data-alternative="true"] &': {
    position: 'absolute',
    top: 12,
    left: 'calc(-50% + 20px)',
    right: 'calc(50% + 20px)',
  },
  '& > span': { display: 'block', borderColor: theme.palette.grey[400], borderTopStyle: 'solid', borderTopWidth: 1 },
}));

const Tab = styled(ButtonBase)({
  width: '100%',
  padding: '24px 16px',
  margin: '-24px -16px',
  boxSizing: 'content-box',
  '& .MuiTouchRipple-root': { color: 'rgba(0, 0, 0, 0.3)' },
});

const Label = styled('span')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  '[data-alternative="true"] &': { flexDirection: 'column' },
  '& > span:first-of-type': { flexShrink: 0, display: 'flex', paddingRight: 8 },
  '[data-alternative="true"] & > span:first-of-type': { paddingRight: 0 },
  '& > span:last-of-type': { width: '100%', color: theme.palette.text.secondary },
  '[data-alternative="true"] & > span:last-of-type': { textAlign: 'center' },
}));

const Text = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'block',
  '&[data-done="true"]': { color: theme.palette.text.primary, fontWeight: 500 },
  '[data-alternative="true"] &': { marginTop: 16 },
  // below 360 px (a phone, or 200% zoom) three labels do not fit: only the current step's shows,
  // the others keep theirs for screen readers, and nothing scrolls sideways (WCAG 1.4.10)
  '@media (max-width: 359.95px)': {
    '[aria-selected="false"] &': {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
    },
  },
}));

const Icon = styled('svg')(({ theme }) => ({
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'block',
  fill: 'currentColor',
  flexShrink: 0,
  fontSize: theme.typography.pxToRem(24),
  color: theme.palette.text.disabled,
  '&[data-done="true"]': { color: theme.palette.primary.main },
  '& text': {
    fill: theme.palette.primary.contrastText,
    fontSize: theme.typography.caption.fontSize,
    fontFamily: theme.typography.fontFamily,
  },
}));

// MUI's CheckCircle, the icon of a completed step
const CHECK = 'M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24zm-2 17l-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z';

export function WizardStepper({ steps, active, alternativeLabel, disabled, onSelect, sx }: Props) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // the arrow keys, Home and End move the focus between the tabs, as in MUI's tablist
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const current = tabs.current.findIndex((tab) => tab === document.activeElement);
    if (current < 0 || disabled) return;
    const last = steps.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };
  return (
    <List
      role="tablist"
      aria-orientation="horizontal"
      aria-label="Wizard steps"
      data-alternative={alternativeLabel ? 'true' : undefined}
      onKeyDown={onKeyDown}
      sx={sx}
    >
      {steps.map((step, index) => {
        const done = index <= active ? 'true' : undefined;
        return (
          <Item key={step.name} role="presentation">
            {index > 0 ? (
              <Connector>
                <span />
              </Connector>
            ) : null}
            <Tab
              ref={(node) => {
                tabs.current[index] = node;
              }}
              focusRipple
              role="tab"
              aria-selected={index === active}
              aria-current={index === active ? 'step' : undefined}
              tabIndex={index === active ? 0 : -1}
              disabled={disabled}
              onClick={() => onSelect(index)}
            >
              <Label>
                <span>
                  <Icon viewBox="0 0 24 24" focusable="false" aria-hidden data-done={done}>
                    {index < active ? (
                      <path d={CHECK} />
                    ) : (
                      <>
                        <circle cx="12" cy="12" r="12" />
                        <text x="12" y="12" textAnchor="middle" dominantBaseline="central">
                          {index + 1}
                        </text>
                      </>
                    )}
                  </Icon>
                </span>
                <span>
                  <Text data-done={done}>{step.label}</Text>
                </span>
              </Label>
            </Tab>
          </Item>
        );
      })}
    </List>
  );
}
