import type { ReviewContext } from "../context";
import type { ClientProfile } from "../profile";
import { BUILT_IN_TASK_CLASSES } from "../task-classes";
import type { SeedMessage } from "./seed-message";

/**
 * A seed-style UnnegotiableAgentCardError message → the smallest card and client profile that say
 * what the message says, so the situation can be reviewed in the workspace. Only what the message
 * states is set (the task class, the modes or the push scheme, streaming off, what the client cannot
 * do); everything else is left out, which Parley reads as unknown and asks to be declared. It is a
 * reconstruction, not the vendor's card: the labels say so (explain/reconstruction.ts words them).
 */
export interface ReconstructionLabels {
  cardName: string;
  cardDescription: string;
  profileName: string;
  profileDescription: string;
}

export interface Reconstruction {
  cardText: string;
  profile: ClientProfile;
  context: ReviewContext;
  /** The message's task class when it is a built-in one (the review is about it alone); else every built-in. */
  taskClasses?: string[];
}

/** Where the reconstructed card says the agent is: a reserved name that resolves nowhere. */
const NOWHERE = "https://agent.invalid/a2a";

export function reconstructFromSeed(message: SeedMessage, labels: ReconstructionLabels): Reconstruction {
  const modes = message.modes ?? [];
  const base = {
    name: labels.cardName,
    description: labels.cardDescription,
    version: "0.0.0",
    supportedInterfaces: [{ url: NOWHERE, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  };
  const skill = (inputModes: string[], outputModes: string[]) => ({
    id: "reconstructed",
    name: "The skill the message concerns",
    description: labels.cardDescription,
    tags: ["reconstructed"],
    inputModes,
    outputModes,
  });
  const profile: ClientProfile = { name: labels.profileName, description: labels.profileDescription };
  let card: Record<string, unknown>;
  switch (message.seedInvariant) {
    case 1:
      // "card advertises live-only input modes M but capabilities.streaming is False; client cannot buffer these modes."
      card = {
        ...base,
        capabilities: { streaming: false },
        defaultInputModes: modes,
        defaultOutputModes: ["text/plain"],
        skills: [skill(modes, ["text/plain"])],
      };
      profile.inputModes = modes;
      profile.liveOnlyInputModes = modes;
      profile.bufferableInputModes = [];
      break;
    case 2: {
      // "server push notifications require mTLS under scheme S, but client callback listener is plain HTTPS"
      const scheme = message.scheme ?? "pushScheme";
      card = {
        ...base,
        capabilities: { streaming: false, pushNotifications: { supported: true, securityScheme: scheme } },
        securitySchemes: { [scheme]: { mtlsSecurityScheme: { description: labels.cardDescription } } },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [skill(["text/plain"], ["text/plain"])],
      };
      profile.callback = { supported: true, mtls: false };
      break;
    }
    case 3:
      // "output modes M are emitted only on tasks/resubscribe, but streaming is disabled"
      card = {
        ...base,
        capabilities: { streaming: false },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: modes,
        resubscribeOnlyOutputModes: modes,
        skills: [skill(["text/plain"], modes)],
      };
      break;
  }
  const builtIn = BUILT_IN_TASK_CLASSES.some((taskClass) => taskClass.id === message.taskClass);
  return {
    cardText: `${JSON.stringify(card, null, 2)}\n`,
    profile,
    context: {},
    ...(builtIn ? { taskClasses: [message.taskClass] } : {}),
  };
}
