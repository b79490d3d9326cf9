import { formatDateTime } from '../../../lib/format-date-time';

/** 'edited', its time on hover and for screen readers; nothing for what was never changed. */
export function EditedMark({
  editedAt,
  className,
}: {
  editedAt: string | null;
  className?: string;
}) {
  if (!editedAt) return null;
  const when = formatDateTime(editedAt);
  return (
    <span className={className} title={`Edited ${when}`}>
      edited<span className="visually-hidden"> {when}</span>
    </span>
  );
}
