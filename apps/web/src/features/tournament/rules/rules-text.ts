/** One language's tournament rules: a title, an introduction and numbered sections. */
export interface RulesText {
  title: string;
  intro: string;
  sections: readonly { heading: string; points: readonly string[] }[];
  /** The heading over the map pool, whose names stay as they are in every language. */
  mapPool: string;
}
