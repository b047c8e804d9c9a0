// What the portal says when a form names an asset the organisation's dbt project does not have:
// in the words of the person who typed it, and, when what they typed is an asset's name rather
// than its id, which asset that is (the forms pick assets by name and send ids; a hand-made
// request or an old bookmark may still send a name).

/** `known`: the unique id of the asset named like what was sent, when there is exactly one. */
export function unknownAssetMessage(sent: string, known: string | null): string {
  if (known) return `${sent} is an asset's name, not its id: choose ${sent} from the list of assets (its id is ${known}).`;
  return `${sent} is not an asset of your organisation's current dbt project: choose an asset from the list by its name.`;
}

/** The name a unique id ends with (`model.shop.fct_orders` → `fct_orders`), to look an asset up by what was typed. */
export function nameOfTyped(sent: string): string {
  return sent.split('.').pop() ?? sent;
}
