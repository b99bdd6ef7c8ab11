/**
 * Writes the WordPress plugin's zip from `root`/integrations/wordpress/porthole-chat to
 * `out` (default `root`/dist/porthole-chat.zip); returns its file list.
 */
export declare function zipWordPressPlugin(root: string, out?: string): string[]
