/**
 * A person's round photo, or their initial on the accent colour when they have none (or it fails to load),
 * at one of the spec's avatar sizes (24, 32, 48, 54, 64 px). Decorative by default: the name beside it says
 * who it is.
 */
import { type CSSProperties, useState } from "react"
import styles from "./Avatar.module.css"

/** The avatar sizes of the spec, in CSS pixels. */
export type AvatarSize = 24 | 32 | 48 | 54 | 64

/** The initial shown without a photo: the first letter of the name, upper case. */
export const initialOf = (name: string): string => (name.trim().slice(0, 1) || "?").toUpperCase()

/** One avatar. */
export const Avatar = ({
  name,
  image,
  size,
  label
}: {
  readonly name: string
  /** The photo's address (`/avatars/{signin}/{file}`), null for none. */
  readonly image: string | null
  readonly size: AvatarSize
  /** The image's text when the avatar is all there is (no name beside it); decorative otherwise. */
  readonly label?: string
}) => {
  const [failed, setFailed] = useState<string | null>(null)
  const box: CSSProperties = { width: size, height: size, fontSize: Math.round(size * 0.45) }
  const photo = image !== null && failed !== image
  return (
    <span className={styles.avatar} style={box} data-avatar={photo ? "photo" : "initial"}>
      {photo ? (
        <img src={image} alt={label ?? ""} width={size} height={size} onError={() => setFailed(image)} />
      ) : (
        <span aria-hidden={label === undefined ? true : undefined}>{initialOf(name)}</span>
      )}
    </span>
  )
}
