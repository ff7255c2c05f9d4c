import type { QuestionKind } from '../answering/question-kinds.js';

export interface AgentDefinition {
  /** Stable 24-hex identifier (the object-id form clients already use). */
  agent_id: string;
  agent_name: string;
  description: string;
  /** The question kinds this agent answers; the router picks by kind. */
  handles: readonly QuestionKind[];
}

/** The built-in agents. Their ids never change: clients pin them with `agent_id`. */
export const AGENTS: readonly AgentDefinition[] = [
  {
    agent_id: '6574a1c0f0d1a2b3c4d5e601',
    agent_name: 'Portfolio Analyst',
    description: "Answers questions about the client's holdings from the extracted statements: total value, largest holdings, a scheme's units and NAV, gains, and what changed in a period.",
    handles: ['total_value', 'largest_holdings', 'scheme_detail', 'gains', 'changes'],
  },
  {
    agent_id: '6574a1c0f0d1a2b3c4d5e602',
    agent_name: 'Allocation & Risk',
    description: 'Explains the asset allocation (equity, debt, hybrid, other) and concentration of the portfolio.',
    handles: ['allocation', 'concentration'],
  },
  {
    agent_id: '6574a1c0f0d1a2b3c4d5e603',
    agent_name: 'Document Q&A',
    description: 'Answers open questions from the text of the documents uploaded into the session, with citations.',
    handles: ['open'],
  },
];

export const AGENT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const findAgent = (id: string) => AGENTS.find((a) => a.agent_id === id) ?? null;

/** The agent for a question kind. */
export const routeAgent = (kind: QuestionKind): AgentDefinition => AGENTS.find((a) => a.handles.includes(kind)) ?? AGENTS[2];
