/**
 * The Mailchimp add-on. (Filled in by its implementation.)
 *
 * @since 0.5.0
 */
export {}
