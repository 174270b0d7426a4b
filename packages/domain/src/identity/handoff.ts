/**
 * The photo-ID hand-off to the person's phone (issue 13, ADR 0018): the stages the desktop and
 * the phone pages both show, and the pictures a capture takes. The server records them; the
 * desktop's identity step and the phone's capture pages read them.
 */
export const handoffStages = [
  'sent',
  'opened',
  'document',
  'front',
  'back',
  'selfie',
  'submitted',
  'decided',
  'expired',
] as const;
export type HandoffStage = (typeof handoffStages)[number];

/** The pictures of a capture: the document's two sides (a passport has no back), then a selfie. */
export const captureSides = ['front', 'back', 'selfie'] as const;
export type CaptureSide = (typeof captureSides)[number];
