// A tool call's raw input or output, folded under a toggle: JSON pretty-printed (strings as they are), cut at a
// limit. Text only: whatever the agent put there is shown, never interpreted.
import { formatRawOutput } from '../logic/rawOutput';
import { Disclosure } from './Disclosure';
import { VisibleText } from '../ui/VisibleText';

interface RawValueProps {
  id: string;
  label: string;
  value: unknown;
  defaultOpen?: boolean;
}

export function RawValue({ id, label, value, defaultOpen = false }: RawValueProps) {
  return (
    <Disclosure id={id} label={label} defaultOpen={defaultOpen} class="tool-call__raw">
      <div class="mono-block" data-raw={label}>
        <VisibleText text={formatRawOutput(value)} />
      </div>
    </Disclosure>
  );
}
