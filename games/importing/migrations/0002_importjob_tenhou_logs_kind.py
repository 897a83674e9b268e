from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('importing', '0001_initial'),
    ]

    operations = [
        migrations.AlterField(
            model_name='importjob',
            name='kind',
            field=models.CharField(choices=[('scores', 'Score file'), ('pmn', 'PMN game records'), ('tenhou', 'Tenhou game logs')], default='scores', max_length=8),
        ),
    ]
