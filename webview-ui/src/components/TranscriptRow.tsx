// One rendered row of the virtualized transcript, in a wrapper whose height the transcript measures while it is
// mounted. The row follows its own entry in the store (a streamed chunk re-renders this row, not the list): it
// shows the newest of the copy the list gave it and the copy the store told it of, and is memoized on (rev, active).
import { Component, createRef } from 'preact';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { ChatStoreContext } from '../chatStoreContext';
import type { RowMeasurer } from '../hooks/useVirtualTranscript';
import type { ChatStore } from '../store';
import { EntryItem } from './EntryItem';

interface TranscriptRowProps {
  entry: TranscriptEntry;
  active: boolean;
  measurer: RowMeasurer;
}

interface TranscriptRowState {
  /** The newest copy the store told this row of since the list last gave it one. */
  followed?: TranscriptEntry;
  /** The list's copy that `followed` is newer than. */
  listed?: TranscriptEntry;
}

function newest(listed: TranscriptEntry, followed: TranscriptEntry | undefined): TranscriptEntry {
  return followed && followed.id === listed.id && followed.rev > listed.rev ? followed : listed;
}

export class TranscriptRow extends Component<TranscriptRowProps, TranscriptRowState> {
  static override contextType = ChatStoreContext;
  declare context: ChatStore | null;
  private readonly element = createRef<HTMLDivElement>();
  private unfollow: (() => void) | undefined;

  /** A new copy from the list is as fresh as the store was when the list rendered: it replaces what was followed. */
  static override getDerivedStateFromProps(props: TranscriptRowProps, state: TranscriptRowState): TranscriptRowState | null {
    return props.entry === state.listed ? null : { listed: props.entry, followed: undefined };
  }

  override componentDidMount(): void {
    if (this.element.current) this.props.measurer.observe(this.element.current, this.props.entry.id);
    this.follow();
  }

  override componentDidUpdate(previous: TranscriptRowProps): void {
    if (previous.entry.id !== this.props.entry.id) this.follow();
  }

  override componentWillUnmount(): void {
    if (this.element.current) this.props.measurer.unobserve(this.element.current);
    this.unfollow?.();
  }

  override shouldComponentUpdate(next: TranscriptRowProps, nextState: TranscriptRowState): boolean {
    const shown = newest(this.props.entry, this.state.followed);
    const coming = newest(next.entry, nextState.followed);
    return coming.id !== shown.id || coming.rev !== shown.rev || next.active !== this.props.active;
  }

  override render() {
    const { active } = this.props;
    const entry = newest(this.props.entry, this.state.followed);
    return (
      <div ref={this.element} class="transcript__row" data-row-key={entry.id}>
        <EntryItem entry={entry} active={active} />
      </div>
    );
  }

  /** Listens to the store for this row's entry; picks up a copy that came between the list's render and now. */
  private follow(): void {
    this.unfollow?.();
    const store = this.context;
    const id = this.props.entry.id;
    if (!store) return;
    this.unfollow = store.subscribeEntry(id, (entry) => this.setState({ followed: entry }));
    const current = store.entry(id);
    if (current && current.rev > newest(this.props.entry, this.state.followed).rev) this.setState({ followed: current });
  }
}
