/** One help topic: a heading and its paragraphs (and optional steps) in plain language. */
export interface HelpTopic {
  id: string;
  heading: string;
  /**
   * Whether the area works today. Help must match what the product does: a topic of an area
   * still being built says so, and describes what it will do. Flip it when the area lands.
   */
  available: boolean;
  paragraphs: string[];
  steps?: string[];
}
