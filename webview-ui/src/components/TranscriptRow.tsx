// One rendered row of the virtualized transcript: the entry, memoized on (id, rev, active), in a wrapper whose
// height the transcript measures while it is mounted.
import { Component, createRef } from 'preact';
import type { TranscriptEntry } from '../../../src/shared/model';
import type { RowMeasurer } from '../hooks/useVirtualTranscript';
import { EntryItem } from './EntryItem';

interface TranscriptRowProps {
  entry: TranscriptEntry;
  active: boolean;
  measurer: RowMeasurer;
}

export class TranscriptRow extends Component<TranscriptRowProps> {
  private readonly element = createRef<HTMLDivElement>();

  override componentDidMount(): void {
    if (this.element.current) this.props.measurer.observe(this.element.current, this.props.entry.id);
  }

  override componentWillUnmount(): void {
    if (this.element.current) this.props.measurer.unobserve(this.element.current);
  }

  override shouldComponentUpdate(next: TranscriptRowProps): boolean {
    const { entry, active } = this.props;
    return next.entry.id !== entry.id || next.entry.rev !== entry.rev || next.active !== active;
  }

  override render() {
    const { entry, active } = this.props;
    return (
      <div ref={this.element} class="transcript__row" data-row-key={entry.id}>
        <EntryItem entry={entry} active={active} />
      </div>
    );
  }
}
