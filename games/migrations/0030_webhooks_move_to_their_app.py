from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0029_invitation_expiry_and_withdrawal'),
    ]

    # The models moved to the webhooks app (games.webhooks); their tables stay as they are.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='webhookdelivery',
                    name='webhook',
                ),
                migrations.DeleteModel(
                    name='Webhook',
                ),
                migrations.DeleteModel(
                    name='WebhookDelivery',
                ),
            ],
            database_operations=[],
        ),
    ]
