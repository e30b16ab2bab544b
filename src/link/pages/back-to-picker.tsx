/** The way back to the provider picker from a step; nothing when reconnecting (the provider is fixed). */
export function BackToPicker({ action }: { action: string | undefined }) {
  if (!action) return null;
  return (
    <form method="post" action={action}>
      <button class="secondary" type="submit">
        Choose another provider
      </button>
    </form>
  );
}
