// What a risky grant hands over, said before it is confirmed.
export function RiskList({ risks, holder }: { risks: readonly string[]; holder: string }) {
  return (
    <>
      <p>This grant hands over part of the account to {holder}:</p>
      <ul>
        {risks.map((risk) => (
          <li key={risk}>{risk}</li>
        ))}
      </ul>
      <p className="mb-0">Grant it only if {holder} needs it; revoking it later does not undo what was done with it.</p>
    </>
  );
}
