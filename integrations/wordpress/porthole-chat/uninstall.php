<?php
/**
 * Removes everything the plugin stored when it is deleted from the Plugins screen.
 *
 * @package PortholeChat
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

delete_option( 'porthole_chat_settings' );
delete_option( 'porthole_chat_identity_secret' );
delete_option( 'porthole_chat_site_key' );
delete_option( 'porthole_chat_legacy_max_user' );

// On a network, every site's copy (the plugin may have been active on several).
if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $porthole_chat_site_id ) {
		delete_blog_option( $porthole_chat_site_id, 'porthole_chat_settings' );
		delete_blog_option( $porthole_chat_site_id, 'porthole_chat_identity_secret' );
		delete_blog_option( $porthole_chat_site_id, 'porthole_chat_site_key' );
		delete_blog_option( $porthole_chat_site_id, 'porthole_chat_legacy_max_user' );
	}
}
