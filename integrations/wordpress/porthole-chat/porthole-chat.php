<?php
/**
 * Plugin Name:       Porthole Chat
 * Description:       Adds the Porthole chat widget to your site, signs your logged-in users in to the chat (identity verification) and speaks your site's language.
 * Version:           0.2.0
 * Requires at least: 5.7
 * Requires PHP:      7.4
 * Author:            Porthole contributors
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       porthole-chat
 * Domain Path:       /languages
 *
 * @package PortholeChat
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'PORTHOLE_CHAT_VERSION', '0.2.0' );
define( 'PORTHOLE_CHAT_FILE', __FILE__ );

require_once __DIR__ . '/includes/class-porthole-chat-options.php';
require_once __DIR__ . '/includes/class-porthole-chat-embed.php';
require_once __DIR__ . '/includes/class-porthole-chat-connection.php';
require_once __DIR__ . '/includes/class-porthole-chat-admin.php';

add_action(
	'init',
	static function () {
		load_plugin_textdomain( 'porthole-chat', false, dirname( plugin_basename( PORTHOLE_CHAT_FILE ) ) . '/languages' );
		// An update does not run the activation hook: the first request of this version does it.
		Porthole_Chat_Options::upgrade();
	}
);

Porthole_Chat_Embed::register();
if ( is_admin() ) {
	Porthole_Chat_Admin::register();
}
