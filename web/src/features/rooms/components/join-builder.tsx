import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  addChild,
  canAddGroup,
  COMPARE_OPERATORS,
  defaultLeaf,
  emptyGroup,
  MAX_GROUP_DEPTH,
  removeNode,
  replaceNode,
  setCombinator,
  type BuilderSets,
  type Combinator,
  type CompareOperator,
  type ConditionGroup,
  type ConditionLeaf,
  type SetSide,
} from '../join/condition-tree';
import { Hint } from '../../../shared/ui/hint';

type Props = {
  tree: ConditionGroup;
  onChange: (tree: ConditionGroup) => void;
  sets: BuilderSets;
  setNames: Record<SetSide, string>;
  problems: ReadonlyMap<string, string>;
};

// The join query builder: AND/OR groups nested at most three levels, leaves matching join keys,
// comparing clear columns with a value, or looking a join key up by value.
export function JoinBuilder(props: Props) {
  return <GroupEditor {...props} group={props.tree} depth={1} />;
}

function GroupEditor({
  tree,
  onChange,
  sets,
  setNames,
  problems,
  group,
  depth,
}: Props & { group: ConditionGroup; depth: number }) {
  const label = depth === 1 ? 'Join condition' : `Group at level ${depth}`;
  const problem = problems.get(group.id);
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{ p: { xs: 1, sm: 1.5 }, bgcolor: depth % 2 === 0 ? 'action.hover' : 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={group.combinator}
          aria-label={`${label}: combine with`}
          // MUI's grey for the unpressed one is 4.47:1 on the nested group's grey; text.secondary is 5.7:1
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }}
          onChange={(_event, value: Combinator | null) => value && onChange(setCombinator(tree, group.id, value))}
        >
          <ToggleButton value="AND">AND</ToggleButton>
          <ToggleButton value="OR">OR</ToggleButton>
        </ToggleButtonGroup>
        <Button
          size="small"
          startIcon={<AddCircleOutline />}
          onClick={() => onChange(addChild(tree, group.id, defaultLeaf(sets)))}
        >
          Add condition
        </Button>
        <Hint title={canAddGroup(tree, group.id) ? '' : `Groups nest at most ${MAX_GROUP_DEPTH} levels`}>
          <span>
            <Button
              size="small"
              startIcon={<PlaylistAdd />}
              disabled={!canAddGroup(tree, group.id)}
              onClick={() => {
                const inner = emptyGroup(group.combinator === 'AND' ? 'OR' : 'AND');
                onChange(addChild(tree, group.id, { ...inner, children: [defaultLeaf(sets)] }));
              }}
            >
              Add group
            </Button>
          </span>
        </Hint>
        {depth > 1 ? (
          <IconButton
            size="small"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(removeNode(tree, group.id))}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
      {problem ? (
        <Typography variant="caption" color="error" role="alert">
          {problem}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {group.children.map((child) =>
          child.kind === 'group' ? (
            <GroupEditor
              key={child.id}
              tree={tree}
              onChange={onChange}
              sets={sets}
              setNames={setNames}
              problems={problems}
              group={child}
              depth={depth + 1}
            />
          ) : (
            <LeafEditor
              key={child.id}
              leaf={child}
              sets={sets}
              setNames={setNames}
              problem={problems.get(child.id)}
              onChange={(leaf) => onChange(replaceNode(tree, leaf))}
              onRemove={() => onChange(removeNode(tree, child.id))}
            />
          ),
        )}
      </Box>
    </Paper>
  );
}

const KINDS: { value: ConditionLeaf['kind']; label: string }[] = [
  { value: 'match', label: 'Join keys match' },
  { value: 'compare', label: 'Clear column compared with a value' },
  { value: 'equals', label: 'Join key equals a value' },
];

function LeafEditor({
  leaf,
  sets,
  setNames,
  problem,
  onChange,
  onRemove,
}: {
  leaf: ConditionLeaf;
  sets: BuilderSets;
  setNames: Record<SetSide, string>;
  problem: string | undefined;
  onChange: (leaf: ConditionLeaf) => void;
  onRemove: () => void;
}) {
  const columnsOf = (side: SetSide, role: 'join' | 'clear') => sets[side].filter((c) => c.role === role);
  const changeKind = (kind: ConditionLeaf['kind']) => {
    if (kind === leaf.kind) return;
    if (kind === 'match') return onChange({ ...defaultLeaf(sets), id: leaf.id });
    const side: SetSide = 'A';
    const column = columnsOf(side, kind === 'compare' ? 'clear' : 'join')[0]?.name ?? '';
    onChange(
      kind === 'compare'
        ? { kind, id: leaf.id, side, column, operator: '=', value: '' }
        : { kind, id: leaf.id, side, column, value: '' },
    );
  };
  // one line on wide screens (the theme makes text fields full width by default)
  const field = { variant: 'standard' as const, size: 'small' as const, fullWidth: false };
  return (
    <Box
      role="group"
      aria-label="Condition"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        borderLeft: 3,
        borderColor: problem ? 'error.main' : 'divider',
        pl: 1,
      }}
    >
      <TextField
        select
        label="Condition type"
        value={leaf.kind}
        onChange={(e) => changeKind(e.target.value as ConditionLeaf['kind'])}
        {...field}
        sx={{ minWidth: 200 }}
      >
        {KINDS.map((kind) => (
          <MenuItem key={kind.value} value={kind.value}>
            {kind.label}
          </MenuItem>
        ))}
      </TextField>
      {leaf.kind === 'match' ? (
        <>
          <ColumnSelect
            label={`Join key of ${setNames.A}`}
            value={leaf.left}
            options={columnsOf('A', 'join')}
            onChange={(left) => onChange({ ...leaf, left })}
          />
          <Typography sx={{ pt: 2.5 }}>=</Typography>
          <ColumnSelect
            label={`Join key of ${setNames.B}`}
            value={leaf.right}
            options={columnsOf('B', 'join')}
            onChange={(right) => onChange({ ...leaf, right })}
          />
        </>
      ) : (
        <>
          <TextField
            select
            label="Data set"
            value={leaf.side}
            onChange={(e) => {
              const side = e.target.value as SetSide;
              const column = columnsOf(side, leaf.kind === 'compare' ? 'clear' : 'join')[0]?.name ?? '';
              onChange({ ...leaf, side, column });
            }}
            {...field}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="A">{setNames.A}</MenuItem>
            <MenuItem value="B">{setNames.B}</MenuItem>
          </TextField>
          <ColumnSelect
            label={leaf.kind === 'compare' ? 'Clear column' : 'Join key'}
            value={leaf.column}
            options={columnsOf(leaf.side, leaf.kind === 'compare' ? 'clear' : 'join')}
            onChange={(column) => onChange({ ...leaf, column })}
          />
          {leaf.kind === 'compare' ? (
            <TextField
              select
              label="Operator"
              value={leaf.operator}
              onChange={(e) => onChange({ ...leaf, operator: e.target.value as CompareOperator })}
              {...field}
              sx={{ minWidth: 80 }}
            >
              {COMPARE_OPERATORS.map((op) => (
                <MenuItem key={op} value={op}>
                  {op}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography sx={{ pt: 2.5 }}>=</Typography>
          )}
          <TextField
            label="Value"
            value={leaf.value}
            onChange={(e) => onChange({ ...leaf, value: e.target.value })}
            {...field}
            sx={{ minWidth: 120 }}
          />
        </>
      )}
      <IconButton aria-label="Remove condition" onClick={onRemove} sx={{ mt: 1 }}>
        <DeleteOutline fontSize="small" />
      </IconButton>
      {problem ? (
        <Alert severity="error" sx={{ width: '100%', py: 0 }}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}

function ColumnSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { name: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label={label}
      value={options.some((o) => o.name === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      variant="standard"
      size="small"
      fullWidth={false}
      sx={{ minWidth: 200 }}
    >
      {options.map((option) => (
        <MenuItem key={option.name} value={option.name}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
