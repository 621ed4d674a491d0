// Follow the agent: the follower and its commands (palette toggle, and the chat view's title button, which shows
// an open eye while following and a closed one while not).
import * as vscode from 'vscode';
import type { ActiveSurface } from '../../session/surfaceSessions';
import { FollowAgent } from './followAgent';
import { isFollowing, setFollowing } from './followSetting';

export { FollowAgent } from './followAgent';

export const FOLLOW_COMMANDS = {
  toggle: 'acp.toggleFollowAgent',
  start: 'acp.startFollowingAgent',
  stop: 'acp.stopFollowingAgent',
} as const;

export function registerFollowAgent(surfaces: ActiveSurface, log: (line: string) => void): { follow: FollowAgent; disposables: vscode.Disposable[] } {
  const follow = new FollowAgent(surfaces, log);
  const set = async (on: boolean): Promise<void> => {
    await setFollowing(on);
    vscode.window.setStatusBarMessage(on ? 'ACP: following the agent' : 'ACP: not following the agent', 2000);
  };
  return {
    follow,
    disposables: [
      follow,
      vscode.commands.registerCommand(FOLLOW_COMMANDS.toggle, () => set(!isFollowing())),
      vscode.commands.registerCommand(FOLLOW_COMMANDS.start, () => set(true)),
      vscode.commands.registerCommand(FOLLOW_COMMANDS.stop, () => set(false)),
    ],
  };
}
